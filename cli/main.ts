console.log("hi", 1 as number)
